import { showToast } from "./toasts.ts";

/** Spec §8: the server's message if present, else the error's message, else the raw data. */
export function requestErrorText(error: unknown): string {
  if (error && typeof error === "object") {
    if ("message" in error && typeof error.message === "string" && error.message) return error.message;
    if ("data" in error) {
      const inner = error.data;
      if (inner && typeof inner === "object" && "message" in inner && typeof inner.message === "string")
        return inner.message;
      return typeof inner === "string" ? inner : JSON.stringify(inner);
    }
  }
  return typeof error === "string" ? error : JSON.stringify(error);
}

export function notifyError(error: unknown) {
  showToast("danger", requestErrorText(error));
}

export function notifySuccess(message: string) {
  showToast("success", message);
}
