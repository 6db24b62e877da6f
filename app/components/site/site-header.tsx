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
import type { MenuItem } from "../../../common/menus.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import { SearchBox } from "./search-box.tsx";

/** External items (http...) open in a new tab, spec §2. */
type MenuLinkProps = { item: MenuItem; children: React.ReactNode; onClick?: () => void } & Omit<
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

function DropdownEntry({ item }: { item: MenuItem }) {
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

function DesktopItem({ item }: { item: MenuItem }) {
  if (item.submenus.length === 0) {
    return (
      <MenuLink item={item} c="dark" fw={600} underline="hover">
        {item.name}
      </MenuLink>
    );
  }
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} withinPortal position="bottom-start">
      <Menu.Target>
        <UnstyledButton fw={600} aria-haspopup="menu">
          <Group gap={4} wrap="nowrap">
            {item.name}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {item.href ? <DropdownEntry item={item} /> : null}
        {item.submenus.map((sub) => (
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
          {item.href ? (
            <MenuLink item={item} fw={600} onClick={onNavigate}>
              {item.name}
            </MenuLink>
          ) : (
            <Text fw={600}>{item.name}</Text>
          )}
          {item.submenus.map((sub) => (
            <MenuLink key={sub.id} item={sub} pl="md" onClick={onNavigate}>
              {sub.name}
            </MenuLink>
          ))}
        </Stack>
      ))}
      <Button component={AppLink} to="/conta" onClick={onNavigate}>
        Minha conta
      </Button>
    </Stack>
  );
}

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
          <Group gap="lg" wrap="nowrap">
            <Group gap="lg" visibleFrom="md" component="nav" aria-label="Menu principal">
              {menus.map((item) => (
                <DesktopItem key={item.id} item={item} />
              ))}
              <Button component={AppLink} to="/conta" variant="filled">
                Minha conta
              </Button>
            </Group>
            <SearchBox />
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Abrir menu" />
          </Group>
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} title={title} hiddenFrom="md" position="right">
        <MobileMenu menus={menus} onNavigate={close} />
      </Drawer>
    </Box>
  );
}
