/**
 * A request the product refuses, with the status and the sentence the caller reads. The API's
 * error handler answers it as it is (server/api/app.ts); anything else thrown is a 500.
 */
export class Refusal extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}
