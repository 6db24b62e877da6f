import { NavigationProgress, nprogress } from "@mantine/nprogress";
import { useEffect } from "react";
import { useFetchers, useNavigation } from "react-router";

/** The top progress bar follows navigations and every request made through fetchers. */
export function NavigationProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  useEffect(() => {
    if (busy) nprogress.start();
    else nprogress.complete();
  }, [busy]);
  return <NavigationProgress aria-label="Carregando" />;
}
