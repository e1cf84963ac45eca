// Submitting a tool (POST /anatools/v2) and re-opening a task's result. Each submission carries a
// random `ref` of the page's own, so the progress overlay can ask for its place in the queue
// (GET /anatools/v2/queue) while the request waits.
import { ToolPaths, type SubmitBody, type SubmitResult } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { request } from '../api-client';

/** The ref of the submission this page is waiting for, if any. */
let pendingRef: string | null = null;
const listeners = new Set<() => void>();

function setPending(ref: string | null): void {
  pendingRef = ref;
  listeners.forEach((l) => l());
}

/** 24 hex characters; getRandomValues works on plain-http deployments too, unlike randomUUID. */
function newRef(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function submitTool(body: SubmitBody): Promise<SubmitResult> {
  const ref = newRef();
  setPending(ref);
  try {
    return await request<SubmitResult>(ToolPaths.submit, { method: 'POST', body: { ...body, ref } });
  } finally {
    if (pendingRef === ref) setPending(null);
  }
}

/** The ref of the submission still waiting for its answer (null when none). */
export function usePendingSubmission(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pendingRef,
  );
}

export function useSubmitTool() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: submitTool, onSettled: () => qc.invalidateQueries({ queryKey: ['tasks'] }) });
}
