// Server-sent events as the dialogue sends them: `data:` lines, split across network chunks.
/** Splits a stream of text into its `data:` payloads, across chunk boundaries. */
export function sseParser(onData: (data: string) => void): { push(text: string): void; end(): void } {
  let buffer = '';
  const line = (l: string) => {
    const s = l.replace(/\r$/, '');
    if (s.startsWith('data:')) onData(s.slice(5).trimStart());
  };
  return {
    push(text) {
      buffer += text;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        line(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
    },
    end() {
      if (buffer) line(buffer);
      buffer = '';
    },
  };
}
