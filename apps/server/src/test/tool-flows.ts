// Tool submissions for integration tests: the body POST /anatools/v2 takes, parameters of the
// independent-samples t-test on its example file, and the example file's id.
import type { TestApp } from './harness.js';

/** One form step (the tool's second step, id toolId*100+52) carrying `data`. */
export const submitBody = (fid: string, data: Record<string, unknown>, toolId = 1003) => ({
  taskId: null,
  toolId,
  file: { data: fid },
  form: [{ data, identification: 'params', toolId, stepId: toolId * 100 + 52 }],
  stepId: toolId * 100 + 52,
});

export const ttest = { y: '治疗后收缩压', group: '组别', method: 'auto', alternative: 'two.sided', level: 0.95 };

/** The id of a tool's first example file, as its detail lists it. */
export async function exampleFidOf(t: TestApp, token: string, toolId: number): Promise<string> {
  const base = await t.call('GET', `/anatools/config/base?toolId=${toolId}`, { token });
  return base.body.data.step[0].exampleFile[0]._fid as string;
}
