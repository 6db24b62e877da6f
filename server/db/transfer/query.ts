/** An operator-facing refusal or mismatch: the scripts print its message alone and exit 1. */
export class TransferError extends Error {}
