import "@mantine/core/styles.css";
import "../../styles/account.css";
import {
  Box,
  Button,
  Container,
  Divider,
  Grid,
  Group,
  MantineProvider,
  NavLink,
  Paper,
  Stack,
  Text,
} from "@mantine/core";
import { useMemo } from "react";
import { Form, Outlet, NavLink as RouterNavLink, useLocation } from "react-router";
import { roleLabels } from "../../../common/roles.ts";
import { AppLink } from "../../components/app-link.tsx";
import { ChunkReload } from "../../components/chunk-reload.tsx";
import { accountLinks } from "../../components/conta/account-links.ts";
import { AccountPhoneMenu } from "../../components/conta/account-phone-menu.tsx";
import { ErrorPage, errorTitle } from "../../components/error-page.tsx";
import { requireSession } from "../../lib/guards.server.ts";
import { useSessionEndedNotice } from "../../lib/session-ended.ts";
import { accountCssVariables, buildTheme } from "../../lib/theme.ts";
import { useRootData } from "../../root.tsx";
import { LayoutLoading } from "../site/layout.tsx";
import type { Route } from "./+types/layout";

/** The account area requires sign-in; the path first asked for is restored after login (docs/spec.md §4). */
export const middleware: Route.MiddlewareFunction[] = [requireSession];

/** Having a loader makes every navigation into the account area ask the server, so the middleware runs. */
export function loader() {
  return null;
}

/** A screen names its page; when none could (an unknown address, a failure), the error does. */
export function meta({ error }: Route.MetaArgs) {
  return [{ name: "robots", content: "noindex" }, ...(error ? [{ title: errorTitle(error) }] : [])];
}

function AccountNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user, settings } = useRootData();
  const location = useLocation();
  if (!user) return null;
  const links = accountLinks(user, settings?.features ?? null);
  return (
    <Stack gap={4} component="nav" aria-label="Minha conta">
      <Box px="sm" pb="xs">
        <Text fw={700} data-testid="account-user-name">
          {user.name}
        </Text>
        <Text size="sm" c="dimmed" data-testid="account-user-role">
          {roleLabels[user.role]}
        </Text>
      </Box>
      <Divider />
      {links.map((link) => (
        <NavLink
          key={link.to}
          component={RouterNavLink}
          to={link.to}
          label={link.label}
          active={location.pathname === link.to || location.pathname.startsWith(`${link.to}/`)}
          onClick={onNavigate}
        />
      ))}
      <Form method="post" action="/sair">
        <Button type="submit" variant="subtle" color="danger" fullWidth justify="flex-start">
          Sair
        </Button>
      </Form>
    </Stack>
  );
}

/** Mantine is the account area's alone: public pages never load it (docs/decisions/0009-lean-public-pages.md). */
function AccountFrame({ children }: { children: React.ReactNode }) {
  const { settings } = useRootData();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accountCssVariables} forceColorScheme="light">
      <AccountShell>{children}</AccountShell>
    </MantineProvider>
  );
}

function AccountShell({ children }: { children: React.ReactNode }) {
  useSessionEndedNotice();
  const { settings } = useRootData();
  return (
    <Box>
      <LayoutLoading section="conta" />
      <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        <Container size="xl">
          <Group justify="space-between">
            <Text component={AppLink} to="/" fw={700} c="primary" fz="lg">
              {settings?.title ?? "cms"}
            </Text>
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="md">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="sm" visibleFrom="md" maw={420}>
              <AccountNav />
            </Paper>
            <AccountPhoneMenu>{(close) => <AccountNav onNavigate={close} />}</AccountPhoneMenu>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Box component="main">{children}</Box>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

export default function AccountLayout() {
  return (
    <AccountFrame>
      <Outlet />
    </AccountFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AccountFrame>
      <ChunkReload error={error} />
      <ErrorPage error={error} />
    </AccountFrame>
  );
}
