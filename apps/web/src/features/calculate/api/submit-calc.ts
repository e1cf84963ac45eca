// POST /anatools/v2/calc-tool: runs a calculation tool on the typed rows and the form; answers the
// result page's address. Visitors may call it too. A bad cell comes back as the server's Chinese msg,
// which the client shows.
import { CalcPaths, type CalcResultData, type CalcSubmitBody } from '@labstat/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const submitCalc = (body: CalcSubmitBody) => request<CalcResultData>(CalcPaths.submit, { method: 'POST', body });

export const useSubmitCalc = () => useMutation({ mutationFn: submitCalc });
