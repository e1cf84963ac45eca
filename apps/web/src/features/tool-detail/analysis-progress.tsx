// The circular progress overlay of a submission (spec 01 §4, §9): counts to 99 over the tool's
// expected run time, jumps to 100 with 分析完成 when the result arrives, and hides 2 s later. While
// the task waits for a free worker it says 排队中 with its place and the count has not started.
import { Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { queueLabel, useQueueState } from '../../lib/tasks-api/queue';
import { usePendingSubmission } from '../../lib/tools-api/submit-tool';

export type ProgressPhase = 'idle' | 'running' | 'done';

export function AnalysisProgress({ phase, seconds, onHidden }: { phase: ProgressPhase; seconds: number; onHidden: () => void }) {
  const [percent, setPercent] = useState(0);
  const ref = usePendingSubmission();
  const queue = useQueueState(phase === 'running' ? ref : null);
  const queued = phase === 'running' && queue.data?.queued === true;
  useEffect(() => {
    if (phase !== 'running') return;
    setPercent(0);
    // The expected run time counts from the moment the analysis starts, not while it waits.
    if (queued) return;
    const started = Date.now();
    const total = Math.max(1, seconds) * 1000;
    const timer = setInterval(() => setPercent(Math.min(99, Math.floor(((Date.now() - started) / total) * 99))), 100);
    return () => clearInterval(timer);
  }, [phase, seconds, queued]);
  useEffect(() => {
    if (phase !== 'done') return;
    setPercent(100);
    const timer = setTimeout(onHidden, 2000);
    return () => clearTimeout(timer);
  }, [phase, onHidden]);
  if (phase === 'idle') return null;
  return (
    <div
      data-testid="analysis-progress"
      style={{ position: 'fixed', inset: 0, background: 'rgba(255,255,255,0.75)', zIndex: 1500, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
    >
      <Progress type="circle" percent={percent} />
      <Typography.Text style={{ marginTop: 12, fontSize: 16 }} data-testid="analysis-progress-text">
        {phase === 'done' ? '分析完成' : queued ? queueLabel(queue.data?.queue_position) : '分析中…'}
      </Typography.Text>
      {queued && (
        <Typography.Text type="secondary" style={{ marginTop: 4 }}>
          服务器正忙，轮到您的任务后将自动开始分析
        </Typography.Text>
      )}
    </div>
  );
}
