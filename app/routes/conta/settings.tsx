import {
  Button,
  ColorInput,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useRef } from "react";
import { useActionData, useNavigation, useSubmit } from "react-router";
import { featureKeys } from "../../../common/features.ts";
import { fonts } from "../../../common/fonts.ts";
import { type SettingsValues, settingsSchema } from "../../../common/schemas/settings.ts";
import { themeColors } from "../../../common/theme-colors.ts";
import { ImageUploadField } from "../../components/conta/image-upload-field.tsx";
import { pageOptions } from "../../components/conta/page-options.server.ts";
import { formAction, savedInPlace } from "../../lib/action.server.ts";
import { CHECK_FIELDS, focusFirstError } from "../../lib/focus-first-error.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import { notFoundPage } from "../../lib/not-found.server.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { isFailure, useOnAnswer, useServerErrors } from "../../lib/use-server-errors.ts";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const settings = await admin.services.settings.get();
  if (!settings) throw notFoundPage();
  const homePages = await pageOptions(admin, { publishedOnly: true, current: settings.home_page_id });
  return { settings, homePages };
}

export function action({ context, request }: Route.ActionArgs) {
  const { services } = requireAdmin(context);
  return formAction(request, settingsSchema, async (input) => {
    await services.settings.update(input);
    return savedInPlace("Configurações salvas com sucesso!");
  });
}

export function meta() {
  return [{ title: "Configurações" }];
}

function initialValues(settings: Route.ComponentProps["loaderData"]["settings"]): SettingsValues {
  return {
    title: settings.title,
    description: settings.description,
    font: settings.font as SettingsValues["font"],
    primary_color: settings.primary_color,
    secondary_color: settings.secondary_color,
    site_logo: settings.site_logo?.url ?? null,
    site_cover: settings.site_cover?.url ?? null,
    site_favicon: settings.site_favicon?.url ?? null,
    site_footer_logo: settings.site_footer_logo === 1 ? 1 : 0,
    contact: settings.contact,
    email: settings.email,
    url_facebook: settings.url_facebook,
    url_instagram: settings.url_instagram,
    url_twitter: settings.url_twitter,
    url_youtube: settings.url_youtube,
    gtag: settings.gtag,
    origin_postal_code: settings.origin_postal_code,
    home_page_id: settings.home_page_id,
    features: settings.features,
  };
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const form = useForm<SettingsValues>({
    mode: "controlled",
    initialValues: initialValues(loaderData.settings),
    validate: schemaResolver(settingsSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useServerErrors(form, answer);
  useOnAnswer(answer, (value) => {
    if ("ok" in value && value.ok) notifySuccess(value.message);
    else if (isFailure(value)) focusFirstError(formRef.current, value.errors);
  });

  const image = (field: "site_logo" | "site_cover" | "site_favicon", label: string) => (
    <ImageUploadField
      label={label}
      value={form.values[field] ?? null}
      onChange={(url) => form.setFieldValue(field, url)}
    />
  );

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Configurações"
      onSubmit={form.onSubmit(
        (values) => submit(values, { method: "post", encType: "application/json" }),
        (errors, _values, event) => {
          focusFirstError(event?.currentTarget, errors);
          notifyError(CHECK_FIELDS);
        },
      )}
    >
      <Stack>
        <Title order={1} size="h2">
          Configurações
        </Title>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Site
            </Title>
            <TextInput label="Título" required {...form.getInputProps("title")} />
            <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps("description")} />
            <Select
              label="Página inicial"
              description="A página mostrada no endereço principal do site. Deixe vazio para a página inicial padrão."
              data={loaderData.homePages}
              placeholder="Página inicial padrão"
              clearable
              searchable
              nothingFoundMessage="Nenhuma página publicada encontrada"
              value={form.values.home_page_id === null ? null : String(form.values.home_page_id)}
              onChange={(value) => form.setFieldValue("home_page_id", value === null ? null : Number(value))}
              error={form.errors.home_page_id}
              data-path="home_page_id"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select label="Fonte" data={[...fonts]} allowDeselect={false} {...form.getInputProps("font")} />
              {/* A colour that cannot be read stays as typed, with the schema's error, instead of reverting. */}
              <ColorInput
                label="Cor primária"
                format="hex"
                fixOnBlur={false}
                swatches={[themeColors.primary]}
                {...form.getInputProps("primary_color")}
              />
              <ColorInput
                label="Cor secundária"
                format="hex"
                fixOnBlur={false}
                swatches={[themeColors.secondary]}
                {...form.getInputProps("secondary_color")}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {image("site_logo", "Logo")}
              {image("site_cover", "Imagem de capa")}
              {image("site_favicon", "Favicon")}
            </SimpleGrid>
            <Switch
              label="Mostrar o logo no rodapé"
              checked={form.values.site_footer_logo === 1}
              onChange={(event) => form.setFieldValue("site_footer_logo", event.currentTarget.checked ? 1 : 0)}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Contato e redes sociais
            </Title>
            <Textarea
              label="Contato"
              description="Endereço, telefone, horário..."
              autosize
              minRows={3}
              {...form.getInputProps("contact")}
            />
            <TextInput label="E-mail" type="email" {...form.getInputProps("email")} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Facebook"
                placeholder="https://facebook.com/..."
                {...form.getInputProps("url_facebook")}
              />
              <TextInput
                label="Instagram"
                placeholder="https://instagram.com/..."
                {...form.getInputProps("url_instagram")}
              />
              <TextInput label="Twitter" placeholder="https://x.com/..." {...form.getInputProps("url_twitter")} />
              <TextInput label="YouTube" placeholder="https://youtube.com/..." {...form.getInputProps("url_youtube")} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Google Analytics (gtag)" placeholder="G-XXXXXXX" {...form.getInputProps("gtag")} />
              <TextInput
                label="CEP de origem da loja"
                placeholder="00000-000"
                {...form.getInputProps("origin_postal_code")}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Recursos
            </Title>
            {featureKeys.map((key) => (
              <Group key={key} align="flex-end" wrap="wrap">
                <TextInput
                  label={`Título (${form.values.features[key].url})`}
                  {...form.getInputProps(`features.${key}.title`)}
                />
                <Switch
                  label={`Ativar ${form.values.features[key].title}`}
                  checked={form.values.features[key].enabled}
                  onChange={(event) => form.setFieldValue(`features.${key}.enabled`, event.currentTarget.checked)}
                />
              </Group>
            ))}
          </Stack>
        </Paper>
        <Divider />
        <Group>
          {/* Pressing the button must not blur the field being edited first: its blur check would show an
              error above, move the button down before the mouse is released, and the click would be lost. */}
          <Button
            type="submit"
            loading={navigation.state === "submitting"}
            onMouseDown={(event) => event.preventDefault()}
          >
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
