// 404 (spec 01 §2): English text, Back to home.
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="OOPS! The webmaster said that you can not enter this page... Please check that the URL you entered is correct, or click the button below to return to the homepage."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Back to home
        </Button>
      }
    />
  );
}
