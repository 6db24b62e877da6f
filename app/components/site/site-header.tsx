import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { fileUrl } from "../../../common/file-url.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { MenuItem } from "../../../common/views/menus.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import { CartLink } from "./cart-link.tsx";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "./icons.tsx";
import { SearchBox } from "./search-box.tsx";
import styles from "./site-header.module.css";
import { buttonClass, Container } from "./ui/ui.tsx";

/** Visitors' items either lead somewhere or are the title of a dropdown (href null). */
type LinkedItem = MenuItem & { href: string };
const isLinked = (item: MenuItem): item is LinkedItem => item.href !== null;

type MenuLinkProps = {
  item: LinkedItem;
  className?: string;
  role?: "menuitem";
  tabIndex?: number;
  onClick?: () => void;
};

/** External items (http...) open in a new tab, docs/spec.md §2. */
function MenuLink({ item, ...rest }: MenuLinkProps) {
  if (item.external) {
    return (
      <a href={item.href} target="_blank" rel="noopener noreferrer" {...rest}>
        {item.name}
      </a>
    );
  }
  return (
    <AppLink to={item.href} {...rest}>
      {item.name}
    </AppLink>
  );
}

/** The entries of a dropdown, in order. */
const entriesOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

function focusEntry(menu: HTMLElement | null, where: "first" | "last") {
  const items = entriesOf(menu);
  items[where === "first" ? 0 : items.length - 1]?.focus();
}

/**
 * A dropdown of the menu row (the ARIA menu button pattern): the button opens it on a click, Enter,
 * Space or the arrows, and the arrows, Home and End move between its entries; Escape closes it and
 * gives the focus back to the button; leaving it (Tab, a click elsewhere) closes it too. A pointer
 * resting on it opens it from CSS alone, so it works before (or without) JavaScript; so does the
 * keyboard: until the page is hydrated the entries are ordinary links in the Tab order, and the menu
 * shows while the focus is inside the dropdown.
 */
function Dropdown({ item }: { item: MenuItem }) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const entries = [...(isLinked(item) ? [item] : []), ...item.submenus.filter(isLinked)];

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) focusEntry(menu.current, focusOnOpen.current);
    focusOnOpen.current = null;
    // A click elsewhere or the focus moving out of it (Tab) closes it.
    const closeOutside = (event: Event) => {
      if (!(event.target instanceof Node && wrapper.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
    };
  }, [open]);

  const openAt = (where: "first" | "last") => {
    if (open) return focusEntry(menu.current, where);
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt(event.key === "ArrowDown" ? "first" : "last");
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const items = entriesOf(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key in next) {
      event.preventDefault();
      items[next[event.key] ?? 0]?.focus();
    }
  };

  return (
    <div ref={wrapper} className={styles.dropdown} data-hydrated={hydrated || undefined}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        onKeyDown={onButtonKey}
        onClick={(event) => {
          // A click from the keyboard (Enter, Space) has no pointer detail: it moves into the menu.
          if (!open && event.detail === 0) focusOnOpen.current = "first";
          setOpen(!open);
        }}
      >
        {item.name}
        <ChevronDownIcon size={14} />
      </button>
      {/* The button only opens the dropdown, so a parent that has an address of its own is its first entry. */}
      <div ref={menu} role="menu" aria-label={item.name} className={styles.menu} data-open={open} onKeyDown={onMenuKey}>
        {entries.map((entry) => (
          <MenuLink
            key={entry.id}
            item={entry}
            role="menuitem"
            tabIndex={hydrated ? -1 : undefined}
            className={styles.entry}
            onClick={() => setOpen(false)}
          />
        ))}
      </div>
    </div>
  );
}

function DesktopItem({ item }: { item: MenuItem }) {
  if (item.submenus.length > 0) return <Dropdown item={item} />;
  return isLinked(item) ? <MenuLink item={item} className={styles.link} /> : null;
}

/**
 * Below 992 px the menu is a panel from the right, a modal <dialog>: the browser keeps the focus in
 * it, closes it on Escape and makes the page behind it inert. Its links are drawn the first time it
 * opens, not in the server's HTML: the page cache would otherwise send the whole menu twice on every
 * page. Opened before the page runs, it says the menu is on its way until then.
 */
function MobileMenu({ menus, title }: { menus: MenuItem[]; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const drawerId = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const close = () => dialog.current?.close();
  // Before the page runs, the burger opens the panel through the browser alone (an invoker command): a
  // tap then is not lost, and the menu is drawn in the open panel as soon as the page runs. An invoker
  // may not carry aria-expanded (HTML forbids it beside `command`): the page says it once it runs.
  const opener: Record<string, string> = hydrated ? {} : { commandfor: drawerId, command: "show-modal" };
  useEffect(() => {
    if (!dialog.current?.open) return;
    setDrawn(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    // Widened past the breakpoint, the panel would be hidden while the page stays inert behind it.
    const wide = window.matchMedia("(min-width: 62em)");
    const onWide = () => {
      if (wide.matches) dialog.current?.close();
    };
    wide.addEventListener("change", onWide);
    return () => wide.removeEventListener("change", onWide);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={styles.burger}
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        aria-expanded={hydrated ? open : undefined}
        {...opener}
        onClick={() => {
          // Drawn before it opens, so that the browser focuses its first control.
          flushSync(() => setDrawn(true));
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop's click; the browser closes a modal dialog on Escape */}
      <dialog
        ref={dialog}
        id={drawerId}
        closedby="any"
        className={styles.drawer}
        aria-label={title}
        onClose={() => setOpen(false)}
        // A click on the backdrop lands on the dialog itself: its content fills it.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        {drawn ? (
          <div className={styles.drawerBody}>
            <div className={styles.drawerHeader}>
              <p className={styles.drawerTitle}>{title}</p>
              <button type="button" className={styles.close} aria-label="Fechar menu" onClick={close}>
                <CloseIcon />
              </button>
            </div>
            <nav aria-label="Menu principal" className={styles.mobileNav}>
              {menus.map((item) => (
                <div key={item.id} className={styles.mobileGroup}>
                  {isLinked(item) ? (
                    <MenuLink item={item} className={styles.mobileParent} onClick={close} />
                  ) : (
                    <p className={styles.mobileParent}>{item.name}</p>
                  )}
                  {item.submenus.filter(isLinked).map((sub) => (
                    <MenuLink key={sub.id} item={sub} className={styles.mobileChild} onClick={close} />
                  ))}
                </div>
              ))}
              <AppLink to={accountPaths.home} className={`${buttonClass()} ${styles.account}`} onClick={close}>
                Minha conta
              </AppLink>
            </nav>
          </div>
        ) : (
          <p className={styles.drawerBody} role="status">
            Carregando o menu…
          </p>
        )}
      </dialog>
    </>
  );
}

/**
 * Logo, search and 'Minha conta' on the first row; on wide screens the menu has a row of its
 * own, so six or seven items fit from 992 px on without wrapping. Before the first-time setup
 * there is nobody to sign in and nothing to search: only the title shows.
 */
export function SiteHeader({ menus }: { menus: MenuItem[] }) {
  const { settings, filesUrl } = useRootData();
  const title = settings?.title ?? "cms";
  const logo = settings?.site_logo?.url;
  return (
    <header className={styles.header}>
      <Container>
        <div className={styles.top}>
          <AppLink to="/" className={styles.brand} aria-label={`${title} - página inicial`}>
            {logo ? <img src={fileUrl(logo, filesUrl ?? undefined)} alt={title} className={styles.logo} /> : title}
          </AppLink>
          {settings ? (
            <div className={styles.tools}>
              <SearchBox />
              {settings.features.shop.enabled ? <CartLink /> : null}
              <AppLink to={accountPaths.home} className={`${buttonClass()} ${styles.account} ${styles.wideOnly}`}>
                Minha conta
              </AppLink>
              <MobileMenu menus={menus} title={title} />
            </div>
          ) : null}
        </div>
        {menus.length > 0 ? (
          <nav aria-label="Menu principal" className={styles.menuRow}>
            {menus.map((item) => (
              <DesktopItem key={item.id} item={item} />
            ))}
          </nav>
        ) : null}
      </Container>
    </header>
  );
}
