import { Burger, CloseButton, Group, Paper, Title } from "@mantine/core";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import styles from "./account-phone-menu.module.css";

/**
 * The account's menu on a phone: a popover the burger opens through the browser alone
 * (`popovertarget`), so a tap before the page comes to life is not lost, and the browser closes it on
 * Escape or a tap outside. The browser tells screen readers whether it is open; once the page runs,
 * the burger draws the state too, and choosing a link closes it.
 */
export function AccountPhoneMenu({ children }: { children: (close: () => void) => ReactNode }) {
  const id = useId();
  const titleId = `${id}-title`;
  const menuId = `${id}-menu`;
  const menu = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    // Opened before the page ran, it is open now.
    const follow = () => setOpened(element.matches(":popover-open"));
    follow();
    element.addEventListener("toggle", follow);
    return () => element.removeEventListener("toggle", follow);
  }, []);
  const close = () => menu.current?.hidePopover();
  return (
    // A landmark of its own, so its title is not left outside every landmark while the menu is closed.
    <Paper withBorder p="sm" hiddenFrom="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4" id={titleId}>
          Minha conta
        </Title>
        <Burger opened={opened} aria-label="Abrir o menu da conta" popoverTarget={menuId} size="sm" />
      </Group>
      <div ref={menu} id={menuId} popover="auto" className={styles.menu}>
        <Group justify="flex-end">
          <CloseButton aria-label="Fechar o menu da conta" popoverTarget={menuId} popoverTargetAction="hide" />
        </Group>
        {children(close)}
      </div>
    </Paper>
  );
}
