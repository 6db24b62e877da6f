import { useEffect, useRef } from "react";

/** Runs `handle` once per new answer from the server, however often the component renders. */
export function useOnAnswer<T>(answer: T | undefined, handle: (answer: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (answer === undefined || answer === null || answer === handled.current) return;
    handled.current = answer;
    handle(answer);
  });
}
