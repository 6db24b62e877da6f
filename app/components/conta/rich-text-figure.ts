import { Node } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin } from "@tiptap/pm/state";

// A picture with its caption under it, `<figure><img …><figcaption>…</figcaption></figure>`, as a site
// moved in from WordPress has them ([caption] and the image blocks, server/modules/wordpress/wp-content.ts)
// and the server's sanitiser keeps them: opened in the editor and saved, a figure stays one, its caption
// edited in place. Tiptap publishes no figure node (its "Figure" is an unmaintained experiment), so these
// are two small nodes of our own over the Image extension's `image`.

/** The caption: text with the marks of a paragraph, only inside a figure. */
export const Figcaption = Node.create({
  name: "figcaption",
  content: "inline*",
  selectable: false,
  parseHTML: () => [{ tag: "figcaption", context: "figure/" }],
  renderHTML: ({ HTMLAttributes }) => ["figcaption", HTMLAttributes, 0],
});

/** Whether a figure still holds a picture: taking the image out (deleted, cut, dragged away) leaves one without. */
const holdsPicture = (figure: ProseMirrorNode) => {
  const src: unknown = figure.firstChild?.attrs.src;
  return figure.firstChild?.type.name === "image" && typeof src === "string" && src !== "";
};

/**
 * The figure: one image, then its caption if it has one (a figure without a caption is written without
 * one). Only a figure with a picture is read as one; any other (a WordPress table or quote block) reads
 * as before, its content as plain blocks.
 */
export const Figure = Node.create({
  name: "figure",
  group: "block",
  content: "image figcaption?",
  parseHTML: () => [
    {
      tag: "figure",
      getAttrs: (element) => (element.querySelector(":scope > img[src], :scope > a > img[src]") ? null : false),
    },
  ],
  renderHTML: ({ HTMLAttributes }) => ["figure", HTMLAttributes, 0],

  addKeyboardShortcuts() {
    return {
      // Enter in a caption starts a paragraph under the figure (a caption is one line).
      Enter: ({ editor }) => {
        const { $from } = editor.state.selection;
        if ($from.parent.type.name !== "figcaption") return false;
        const after = $from.after($from.depth - 1);
        return editor
          .chain()
          .insertContentAt(after, { type: "paragraph" })
          .setTextSelection(after + 1)
          .run();
      },
    };
  },

  addProseMirrorPlugins() {
    const figure = this.type;
    return [
      new Plugin({
        // A figure whose picture was taken out becomes its caption's paragraph, or nothing without one,
        // rather than a caption under an empty image.
        appendTransaction: (transactions, _before, state) => {
          if (!transactions.some((transaction) => transaction.docChanged)) return null;
          const emptied: { node: ProseMirrorNode; position: number }[] = [];
          state.doc.descendants((node, position) => {
            if (node.type !== figure) return !node.isTextblock;
            if (!holdsPicture(node)) emptied.push({ node, position });
            return false;
          });
          if (emptied.length === 0) return null;
          const repair = state.tr;
          // From the last, so the positions before each are still the document's.
          for (const { node, position } of emptied.reverse()) {
            const caption = node.lastChild?.type.name === "figcaption" ? node.lastChild.content : null;
            const paragraph = state.schema.nodes.paragraph;
            const end = position + node.nodeSize;
            if (caption?.size && paragraph) repair.replaceWith(position, end, paragraph.create(null, caption));
            else repair.delete(position, end);
          }
          return repair;
        },
      }),
    ];
  },
});
