import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import styles from "./members-only.module.css";
import { Badge, buttonClass, Group } from "./ui/ui.tsx";

/** Beside a members-only item's title in a list or on its page. */
export function MembersOnlyBadge({ item }: { item: { members_only: boolean } }) {
  return item.members_only ? <Badge tone="secondary">Para associados</Badge> : null;
}

/**
 * In place of a members-only item's text for a reader who may not open it: signing in and joining for a
 * visitor (the same page for every visitor, so the page cache may keep it), her membership for someone
 * signed in whose membership is not in good standing.
 */
export function MembersOnlyNotice({ path }: { path: string }) {
  const { settings, user } = useRootData();
  const join = settings?.features.members.enabled ? (
    <AppLink className={buttonClass("light", "sm")} to={sitePaths.join}>
      Associe-se
    </AppLink>
  ) : null;
  return (
    <section className={styles.notice} aria-labelledby="conteudo-associados">
      <h2 className={styles.noticeHeading} id="conteudo-associados">
        Conteúdo para associados
      </h2>
      {user ? (
        <>
          <p className={styles.noticeText}>
            Este conteúdo é só para associados em dia. Sua conta não tem uma associação em dia.
          </p>
          <Group gap="sm">
            <AppLink className={buttonClass("filled", "sm")} to={accountPaths.membership}>
              Ver minha associação
            </AppLink>
            {join}
          </Group>
        </>
      ) : (
        <>
          <p className={styles.noticeText}>Este conteúdo é só para associados em dia. Entre para ler.</p>
          <Group gap="sm">
            <AppLink className={buttonClass("filled", "sm")} to={sitePaths.loginThenBack(path)}>
              Entrar
            </AppLink>
            {join}
          </Group>
        </>
      )}
    </section>
  );
}
