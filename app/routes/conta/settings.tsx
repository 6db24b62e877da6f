import { Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useActionData } from "react-router";
import { contrastRatio, READABLE_CONTRAST } from "../../../common/color-contrast.ts";
import { featureKeys } from "../../../common/features.ts";
import { fonts } from "../../../common/fonts.ts";
import { isSuper } from "../../../common/roles.ts";
import {
  MAX_AUDIT_RETENTION_DAYS,
  MIN_AUDIT_RETENTION_DAYS,
  type SettingsValues,
  settingsSchema,
} from "../../../common/schemas/settings.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { ImageUploadField } from "../../components/conta/image-upload-field.tsx";
import { pageOptions } from "../../components/conta/page-options.server.ts";
import { AccountForm, NeedsJavaScript, SubmitButton } from "../../components/form-kit/account-form.tsx";
import { ColorField } from "../../components/form-kit/color-field.tsx";
import { CheckboxField, SelectField, TextareaField, TextField } from "../../components/form-kit/fields.tsx";
import { useAccountForm } from "../../components/form-kit/use-account-form.ts";
import { WidgetField } from "../../components/form-kit/widget-value.tsx";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import { notFoundPage } from "../../lib/not-found.server.ts";
import type { Route } from "./+types/settings";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const settings = await admin.services.settings.get();
  if (!settings) throw notFoundPage();
  const homePages = await pageOptions(admin, { publishedOnly: true, current: settings.home_page_id });
  const security = await admin.services.settings.securityFor(admin.actor);
  return { settings, homePages, security, superUser: isSuper(admin.actor) };
}

export function action({ context, request }: Route.ActionArgs) {
  const { services, flows, actor, sessionToken } = requireAdmin(context);
  return formAction(request, settingsSchema, async (input) => {
    await flows.saveSiteSettings(services, actor, input, sessionToken);
    return redirectWithFlash(accountPaths.area("settings"), "Configurações salvas com sucesso!");
  });
}

export function meta() {
  return [{ title: "Configurações" }];
}

const ratioFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** Links and outlined buttons on white take a darker shade of a light primary (app/lib/site-theme.ts): the owner is told. */
function primaryContrastNote(color: string | undefined): string | undefined {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return undefined;
  const ratio = contrastRatio(color, "#ffffff");
  if (ratio >= READABLE_CONTRAST) return undefined;
  return `Pouco contraste com o branco (${ratioFormat.format(ratio)}:1; o mínimo recomendado é 4,5:1): links e botões sobre fundo branco usarão um tom mais escuro desta cor, para que possam ser lidos.`;
}

function initialValues({ settings, security, superUser }: Route.ComponentProps["loaderData"]): SettingsValues {
  return {
    // Only a super user's form has the security fields: an administrator's saves without them.
    ...(superUser ? security : {}),
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
    home_page_id: settings.home_page_id,
    features: settings.features,
  };
}

const fontOptions = fonts.map((font) => ({ value: font, label: font }));
const imageSchema = settingsSchema.shape.site_logo;

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { form, fields } = useAccountForm({
    schema: settingsSchema,
    answer: useActionData<typeof action>(),
    defaultValue: initialValues(loaderData),
  });
  const features = fields.features.getFieldset();

  const image = (field: typeof fields.site_logo, label: string) => (
    <WidgetField field={field} schema={imageSchema} fallback={null}>
      {(url, change, error) => <ImageUploadField label={label} value={url} onChange={change} error={error} />}
    </WidgetField>
  );

  return (
    <AccountForm form={form} label="Configurações">
      <Stack>
        <Title order={1} size="h2">
          Configurações
        </Title>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Site
            </Title>
            <TextField field={fields.title} label="Título" maxLength={120} />
            <TextareaField field={fields.description} label="Descrição" maxLength={500} />
            <SelectField
              field={fields.home_page_id}
              label="Página inicial"
              description="A página mostrada no endereço principal do site."
              placeholder="Página inicial padrão"
              options={loaderData.homePages}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <SelectField field={fields.font} label="Fonte" options={fontOptions} />
              <ColorField
                field={fields.primary_color}
                label="Cor primária"
                value={fields.primary_color.value}
                description={primaryContrastNote(fields.primary_color.value)}
              />
              <ColorField field={fields.secondary_color} label="Cor secundária" value={fields.secondary_color.value} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {image(fields.site_logo, "Logo")}
              {image(fields.site_cover, "Imagem de capa")}
              {image(fields.site_favicon, "Favicon")}
            </SimpleGrid>
            <NeedsJavaScript>
              Para enviar ou remover o logo, a capa ou o favicon, ative o JavaScript. As imagens salvas são mantidas.
            </NeedsJavaScript>
            <CheckboxField field={fields.site_footer_logo} value="1" label="Mostrar o logo no rodapé" />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Contato e redes sociais
            </Title>
            <TextareaField
              field={fields.contact}
              label="Contato"
              description="Endereço, telefone, horário..."
              minRows={3}
              maxLength={2000}
            />
            <TextField field={fields.email} label="E-mail" type="email" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField field={fields.url_facebook} label="Facebook" placeholder="https://facebook.com/..." />
              <TextField field={fields.url_instagram} label="Instagram" placeholder="https://instagram.com/..." />
              <TextField field={fields.url_twitter} label="Twitter" placeholder="https://x.com/..." />
              <TextField field={fields.url_youtube} label="YouTube" placeholder="https://youtube.com/..." />
            </SimpleGrid>
            <TextField field={fields.gtag} label="Google Analytics (gtag)" placeholder="G-XXXXXXX" />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Recursos
            </Title>
            {featureKeys.map((key) => {
              const feature = features[key].getFieldset();
              const url = feature.url.defaultValue ?? "";
              return (
                <Group key={key} align="flex-end" wrap="wrap">
                  <input type="hidden" name={feature.url.name} value={url} />
                  <TextField field={feature.title} label={`Título (${url})`} maxLength={60} />
                  <CheckboxField field={feature.enabled} label={`Ativar ${feature.title.defaultValue ?? url}`} />
                </Group>
              );
            })}
          </Stack>
        </Paper>
        <SecuritySection fields={fields} loaderData={loaderData} />
        <Divider />
        <Group>
          <SubmitButton>Salvar</SubmitButton>
        </Group>
      </Stack>
    </AccountForm>
  );
}

const RETENTION_HINT = `De ${MIN_AUDIT_RETENTION_DAYS} a ${MAX_AUDIT_RETENTION_DAYS} dias (730 são dois anos). Entradas mais antigas são apagadas uma vez por dia.`;

/** Two-step sign-in and the audit log's period: a super user changes them, an administrator only reads them. */
function SecuritySection({
  fields,
  loaderData,
}: {
  fields: ReturnType<typeof useAccountForm<typeof settingsSchema>>["fields"];
  loaderData: Route.ComponentProps["loaderData"];
}) {
  const { security, superUser } = loaderData;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Segurança
        </Title>
        {superUser ? (
          <>
            <CheckboxField
              field={fields.require_two_factor}
              label="Exigir verificação em duas etapas para administradores"
              description="Administradores e usuários Super passam a entrar com a senha e um código do aplicativo autenticador."
            />
            <TextField
              field={fields.audit_retention_days}
              label="Guardar o registro de auditoria por (dias)"
              description={RETENTION_HINT}
              inputMode="numeric"
              maxLength={4}
              w={{ base: "100%", sm: 420 }}
            />
          </>
        ) : (
          <>
            <Text size="sm">
              Verificação em duas etapas para administradores:{" "}
              <strong>{security.require_two_factor ? "exigida" : "não exigida"}</strong>
            </Text>
            <Text size="sm">
              O registro de auditoria guarda cada entrada por <strong>{security.audit_retention_days} dias</strong>.
            </Text>
            <Text size="sm" c="dimmed">
              Apenas um usuário Super pode alterar estas opções.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
