// Citations and acknowledgements (/quote/index, role group dynamics, spec 02 §2): how to cite
// LabStat and the methods' references, from GET /dynamics; the standalone page prints cleanly.
import { helpPageUrl } from '@labstat/contracts';
import { DynamicsTextPage } from './components/dynamics-text-page';

export function QuotePage() {
  return (
    <DynamicsTextPage
      item="citationsAndAcknowledgments"
      path="/quote/index"
      fallbackTitle="引用与致谢"
      extra={
        <a href={helpPageUrl('citations')} target="_blank" rel="noopener noreferrer">
          打印版
        </a>
      }
    />
  );
}
