// The one error type ingest throws for a problem in the user's file (the server answers 400 with
// its message); anything else is our fault and stays a 500.

/** A problem in the user's file, with a Chinese sentence that says what to do. */
export class FileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileProblem';
  }
}
