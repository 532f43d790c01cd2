import { identityErrorMessage, type IdentityAction } from '../../domain/auth-errors';

/** Runs an identity call and rethrows a refusal as an Error whose message the user can read. */
export async function readably<T>(action: IdentityAction, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(`Identity call failed (${action})`, error);
    throw new Error(identityErrorMessage(error, action), { cause: error });
  }
}
