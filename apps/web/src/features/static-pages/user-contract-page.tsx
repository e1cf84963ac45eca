// User agreement (role group dynamics): the document at the address siteInfo returns, in a frame.
import { Card, Spin } from 'antd';
import { useSiteInfo } from '../../lib/site-api/site-info';

export function UserContractPage() {
  const info = useSiteInfo('userAgreement');
  return (
    <Card title="用户服务协议" styles={{ body: { padding: 0 } }}>
      {info.data?.url ? (
        <iframe title="用户服务协议" src={info.data.url} style={{ width: '100%', height: 'calc(100vh - 180px)', border: 0 }} />
      ) : (
        <div style={{ padding: 48, textAlign: 'center' }}>{info.isError ? '协议内容加载失败' : <Spin />}</div>
      )}
    </Card>
  );
}
