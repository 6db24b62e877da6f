import { type DomainError, isDomainError } from "../../common/errors.ts";

/** The domain error the call rejects with; any other outcome fails the test. */
export async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error("expected a domain error");
}
