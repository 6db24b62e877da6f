import {
  Anchor,
  type AnchorProps,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Image,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChevronDown } from "@tabler/icons-react";
import { fileUrl } from "../../../common/file-url.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { MenuItem } from "../../../common/views/menus.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import { SearchBox } from "./search-box.tsx";

/** Visitors' items either lead somewhere or are the title of a dropdown (href null). */
type LinkedItem = MenuItem & { href: string };
const isLinked = (item: MenuItem): item is LinkedItem => item.href !== null;

/** External items (http...) open in a new tab, docs/spec.md §2. */
type MenuLinkProps = { item: LinkedItem; children: React.ReactNode; onClick?: () => void } & Omit<
  AnchorProps,
  "children"
>;

function MenuLink({ item, children, ...rest }: MenuLinkProps) {
  if (item.external) {
    return (
      <Anchor href={item.href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={AppLink} to={item.href} {...rest}>
      {children}
    </Anchor>
  );
}

function DropdownEntry({ item }: { item: LinkedItem }) {
  if (item.external) {
    return (
      <Menu.Item component="a" href={item.href} target="_blank" rel="noopener noreferrer">
        {item.name}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item component={AppLink} to={item.href}>
      {item.name}
    </Menu.Item>
  );
}

// Names stay on one line: a name broken in two makes the menu bar look wrapped.
const oneLine = { whiteSpace: "nowrap" } as const;

function DesktopItem({ item }: { item: MenuItem }) {
  if (item.submenus.length === 0) {
    if (!isLinked(item)) return null;
    return (
      <MenuLink item={item} c="dark" fw={600} underline="hover" style={oneLine}>
        {item.name}
      </MenuLink>
    );
  }
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} withinPortal position="bottom-start">
      <Menu.Target>
        <UnstyledButton fw={600} aria-haspopup="menu" style={oneLine}>
          <Group gap={4} wrap="nowrap">
            {item.name}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The button only opens the dropdown, so a parent that has an address of its own is its first entry. */}
        {isLinked(item) ? <DropdownEntry item={item} /> : null}
        {item.submenus.filter(isLinked).map((sub) => (
          <DropdownEntry key={sub.id} item={sub} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function MobileMenu({ menus, onNavigate }: { menus: MenuItem[]; onNavigate: () => void }) {
  return (
    <Stack gap="sm" component="nav" aria-label="Menu principal">
      {menus.map((item) => (
        <Stack key={item.id} gap={4}>
          {isLinked(item) ? (
            <MenuLink item={item} fw={600} onClick={onNavigate}>
              {item.name}
            </MenuLink>
          ) : (
            <Text fw={600}>{item.name}</Text>
          )}
          {item.submenus.filter(isLinked).map((sub) => (
            <MenuLink key={sub.id} item={sub} pl="md" onClick={onNavigate}>
              {sub.name}
            </MenuLink>
          ))}
        </Stack>
      ))}
      <Button component={AppLink} to={accountPaths.home} onClick={onNavigate}>
        Minha conta
      </Button>
    </Stack>
  );
}

/**
 * Logo, search and 'Minha conta' on the first row; on wide screens the menu has a row of its
 * own, so six or seven items fit from 992 px on without wrapping. Before the first-time setup
 * there is nobody to sign in and nothing to search: only the title shows.
 */
export function SiteHeader({ menus }: { menus: MenuItem[] }) {
  const { settings, filesUrl } = useRootData();
  const [opened, { toggle, close }] = useDisclosure(false);
  const title = settings?.title ?? "cms";
  const logo = settings?.site_logo?.url;
  return (
    <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Anchor
            component={AppLink}
            to="/"
            underline="never"
            c="primary"
            fw={700}
            fz="xl"
            aria-label={`${title} - página inicial`}
          >
            {logo ? (
              <Image src={fileUrl(logo, filesUrl ?? undefined)} alt={title} h={48} w="auto" fit="contain" />
            ) : (
              title
            )}
          </Anchor>
          {settings ? (
            <Group gap="md" wrap="nowrap">
              <SearchBox />
              <Button component={AppLink} to={accountPaths.home} variant="filled" visibleFrom="md">
                Minha conta
              </Button>
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Abrir menu" />
            </Group>
          ) : null}
        </Group>
        {menus.length > 0 ? (
          <Group gap="lg" mt="sm" visibleFrom="md" component="nav" aria-label="Menu principal">
            {menus.map((item) => (
              <DesktopItem key={item.id} item={item} />
            ))}
          </Group>
        ) : null}
      </Container>
      {settings ? (
        <Drawer opened={opened} onClose={close} title={title} hiddenFrom="md" position="right">
          <MobileMenu menus={menus} onNavigate={close} />
        </Drawer>
      ) : null}
    </Box>
  );
}
