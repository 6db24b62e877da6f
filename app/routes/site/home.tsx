import { BackgroundImage, Box, Container, Stack, Text, Title } from "@mantine/core";
import { redirect } from "react-router";
import { fileUrl } from "../../../common/file-url.ts";
import { setupSchema } from "../../../common/schemas/setup.ts";
import { SetupForm } from "../../components/site/setup-form.tsx";
import { failureFrom, readSubmission, validate } from "../../lib/action.server.ts";
import { getApp } from "../../lib/context.server.ts";
import { flashHeader } from "../../lib/flash.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/home";

export const SETUP_SUCCESS = "Configurações cadastradas com sucesso!";

/** The first-time setup: creates settings and the super user, then signs in with the same credentials. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress, sessionCookie } = getApp(context);
  const submitted = await readSubmission(request);
  const checked = validate(setupSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.settings.setup(checked.data);
    const { session } = await services.auth.login(
      { email: checked.data.email, password: checked.data.password },
      clientAddress,
    );
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(session.token));
    headers.append("Set-Cookie", await flashHeader("success", SETUP_SUCCESS));
    return redirect("/conta/settings", { headers });
  } catch (error) {
    return failureFrom(error, { ...submitted, password: "", password_confirmation: "" });
  }
}

export default function Home() {
  const { settings, filesUrl } = useRootData();
  if (!settings) return <SetupForm />;
  const cover = settings.site_cover?.url;
  const heading = (
    <Stack gap="sm" py={cover ? 120 : 60}>
      <Title order={1} c={cover ? "white" : undefined}>
        {settings.title}
      </Title>
      {settings.description ? (
        <Text fz="lg" c={cover ? "white" : "dimmed"} maw={720}>
          {settings.description}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Box>
      {cover ? (
        <BackgroundImage
          src={fileUrl(cover, filesUrl ?? undefined)}
          style={{ backgroundColor: "rgba(0,0,0,0.45)", backgroundBlendMode: "darken" }}
        >
          <Container size="lg">{heading}</Container>
        </BackgroundImage>
      ) : (
        <Container size="lg">{heading}</Container>
      )}
    </Box>
  );
}
