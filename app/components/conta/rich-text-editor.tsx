import "@mantine/tiptap/styles.css";
import { FileButton, Input, NativeSelect, Stack } from "@mantine/core";
import { Link, RichTextEditor, type RichTextEditorLabels } from "@mantine/tiptap";
import { IconPhoto } from "@tabler/icons-react";
import { Extension } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import TextAlign from "@tiptap/extension-text-align";
import { FontSize, TextStyle } from "@tiptap/extension-text-style";
import { type Editor, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useMemo, useRef, useState } from "react";
import { z } from "../../../common/zod.ts";
import { requestErrorText } from "../../lib/notify.ts";
import { showToast } from "../../lib/toasts.ts";
import { uploadImage } from "../../lib/upload-client.ts";
import { NeedsJavaScript } from "../form-kit/account-form.tsx";
import { WidgetField, type WidgetFieldMeta } from "../form-kit/widget-value.tsx";
import styles from "./rich-text-editor.module.css";
import { Figcaption, Figure } from "./rich-text-figure.ts";

/**
 * The toolbar's sizes (docs/spec.md §9: small, normal, large, huge). The server's sanitiser
 * keeps exactly these `font-size` values; normal is no size at all.
 */
const fontSizes = [
  { value: "0.75em", label: "Pequena" },
  { value: "", label: "Normal" },
  { value: "1.5em", label: "Grande" },
  { value: "2.5em", label: "Enorme" },
] as const;

const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif,image/avif";
export const IMAGE_UPLOAD_FAILED = "Ocorreu um erro ao enviar a imagem: ";

const labels: Partial<RichTextEditorLabels> = {
  boldControlLabel: "Negrito",
  italicControlLabel: "Itálico",
  underlineControlLabel: "Sublinhado",
  strikeControlLabel: "Tachado",
  clearFormattingControlLabel: "Limpar formatação",
  linkControlLabel: "Inserir link",
  unlinkControlLabel: "Remover link",
  bulletListControlLabel: "Lista com marcadores",
  orderedListControlLabel: "Lista numerada",
  h1ControlLabel: "Título 1",
  h2ControlLabel: "Título 2",
  h3ControlLabel: "Título 3",
  h4ControlLabel: "Título 4",
  h5ControlLabel: "Título 5",
  h6ControlLabel: "Título 6",
  blockquoteControlLabel: "Citação",
  alignLeftControlLabel: "Alinhar à esquerda",
  alignCenterControlLabel: "Centralizar",
  alignRightControlLabel: "Alinhar à direita",
  alignJustifyControlLabel: "Justificar",
  undoControlLabel: "Desfazer",
  redoControlLabel: "Refazer",
  linkEditorInputLabel: "Endereço do link",
  linkEditorInputPlaceholder: "https://exemplo.com.br/",
  linkEditorExternalLink: "Abrir o link em uma nova aba",
  linkEditorInternalLink: "Abrir o link na mesma aba",
  linkEditorSave: "Salvar",
};

/**
 * The ids links to a section of a page point at (/sobre#servicos, from a site moved in from
 * WordPress): kept through an edit as the text had them; the server decides which it keeps
 * (common/rich-text-ids.ts). A block split off one (Enter) does not take its id.
 */
const SectionIds = Extension.create({
  name: "sectionIds",
  addGlobalAttributes() {
    return [
      {
        types: ["heading", "paragraph", "blockquote", "bulletList", "orderedList", "listItem", "figure"],
        attributes: {
          id: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => element.getAttribute("id"),
            renderHTML: (attributes) =>
              typeof attributes.id === "string" && attributes.id ? { id: attributes.id } : {},
          },
        },
      },
    ];
  },
});

/** Only what the server's sanitiser keeps: no code, code blocks or rules; a picture with its caption. */
const extensions = [
  SectionIds,
  StarterKit.configure({ link: false, code: false, codeBlock: false, horizontalRule: false }),
  Link,
  TextStyle,
  FontSize,
  TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right", "justify"] }),
  Image.configure({ inline: false, allowBase64: false }),
  Figure,
  Figcaption,
];

function FontSizeSelect({ editor }: { editor: Editor | null }) {
  const current = useEditorState({
    editor,
    selector: ({ editor: state }) => {
      const size: unknown = state?.getAttributes("textStyle").fontSize;
      return typeof size === "string" ? size : "";
    },
  });
  return (
    <NativeSelect
      size="xs"
      aria-label="Tamanho da fonte"
      data={fontSizes.map((size) => ({ value: size.value, label: size.label }))}
      value={fontSizes.some((size) => size.value === current) ? (current ?? "") : ""}
      disabled={!editor}
      onChange={(event) => {
        if (!editor) return;
        const size = event.currentTarget.value;
        const chain = editor.chain().focus();
        (size === "" ? chain.unsetFontSize() : chain.setFontSize(size)).run();
      }}
    />
  );
}

/** Picks exactly one image, sends it to the upload API and inserts its `average` version. */
function ImageControl({ editor }: { editor: Editor | null }) {
  const [sending, setSending] = useState(false);
  // Cleared after each pick, so the same file can be chosen again.
  const reset = useRef<() => void>(null);
  const insert = async (file: File | null) => {
    reset.current?.();
    if (!file || !editor) return;
    setSending(true);
    try {
      const uploaded = await uploadImage(file);
      editor.chain().focus().setImage({ src: uploaded.average }).run();
    } catch (error) {
      showToast("danger", IMAGE_UPLOAD_FAILED + requestErrorText(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <FileButton
      onChange={insert}
      resetRef={reset}
      accept={IMAGE_TYPES}
      inputProps={{ "aria-label": "Arquivo de imagem" }}
    >
      {(button) => (
        <RichTextEditor.Control
          onClick={button.onClick}
          aria-label="Inserir imagem"
          title="Inserir imagem"
          disabled={!editor || sending}
          aria-busy={sending}
        >
          <IconPhoto size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      )}
    </FileButton>
  );
}

/** The content as HTML; an empty editor is "". */
const sentHtml = z.string();

/**
 * A rich text of a form (the content of pages, news, events, products, library items): Mantine's Tiptap
 * editor, whose HTML posts through a hidden input. It needs JavaScript: before the page comes to life it
 * is an empty frame and, without JavaScript, a notice says so while saving keeps the stored text.
 */
export function RichTextField({
  field,
  label,
  description,
}: {
  field: WidgetFieldMeta;
  label: string;
  description?: React.ReactNode;
}) {
  return (
    <Stack gap={6}>
      <WidgetField field={field} schema={sentHtml} fallback="">
        {(html, change, error) => (
          <RichTextEditorFrame label={label} description={description} value={html} onChange={change} error={error} />
        )}
      </WidgetField>
      <NeedsJavaScript>
        O editor de texto precisa de JavaScript. Sem ele, o texto salvo é mantido ao salvar.
      </NeedsJavaScript>
    </Stack>
  );
}

/**
 * Mantine's Tiptap editor. It renders on the server as an empty frame (`immediatelyRender: false`) and
 * reports its HTML, or "" when empty, through `onChange`. `value` is read once, at mount: the form's
 * field starts the editor over (a new key) when the form starts over.
 */
function RichTextEditorFrame(props: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error: string | undefined;
  description?: React.ReactNode;
}) {
  const onChange = useRef(props.onChange);
  useEffect(() => {
    onChange.current = props.onChange;
  });
  const [initial] = useState(props.value);
  const invalid = Boolean(props.error);
  // Stable between renders, so Tiptap does not reapply its options on every keystroke.
  const editorProps = useMemo(
    () => ({
      attributes: {
        "aria-label": props.label,
        "aria-multiline": "true",
        role: "textbox",
        ...(invalid ? { "aria-invalid": "true" } : {}),
      },
    }),
    [props.label, invalid],
  );
  const editor = useEditor({
    extensions,
    content: initial,
    immediatelyRender: false,
    editorProps,
    onUpdate: ({ editor: current }) => onChange.current(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <Input.Wrapper label={props.label} labelElement="div" description={props.description} error={props.error}>
      <RichTextEditor editor={editor} labels={labels} mt={6}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
            <RichTextEditor.H5 />
            <RichTextEditor.H6 />
          </RichTextEditor.ControlsGroup>
          <FontSizeSelect editor={editor} />
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <ImageControl editor={editor} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
            <RichTextEditor.AlignJustify />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} className={styles.content} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
