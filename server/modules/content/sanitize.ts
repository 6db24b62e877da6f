import sanitize from "sanitize-html";

const TEXT_ALIGN = /^(?:left|center|right|justify)$/;
/** The editor's sizes (small 0.75em, normal 1em, large 1.5em, huge 2.5em) and nothing that could hold a url. */
const FONT_SIZE = /^(?:0?\.\d{1,3}|[1-4](?:\.\d{1,3})?)em$/;
const IMAGE_SRC = /^(?:https?:\/\/[^\s]+|\/files\/[^\s]+)$/i;

const textStyles = { "text-align": [TEXT_ALIGN], "font-size": [FONT_SIZE] };
const headings = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
const styled = ["p", "span", ...headings] as const;

const options: sanitize.IOptions = {
  allowedTags: [
    ...styled,
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "iframe",
  ],
  allowedAttributes: {
    ...Object.fromEntries(styled.map((tag) => [tag, ["style"]])),
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    iframe: ["src", "width", "height", "allowfullscreen", "title"],
  },
  allowedStyles: Object.fromEntries(styled.map((tag) => [tag, textStyles])),
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Only target=_blank survives, and it always gets rel="noopener noreferrer".
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      return { tagName, attribs: target === "_blank" ? { ...rest, target, rel: "noopener noreferrer" } : rest };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: IMAGE_SRC.test(src?.trim() ?? "") ? attribs : rest };
    },
  },
  // An image or a video whose address was refused is dropped whole.
  exclusiveFilter: (frame) => (frame.tag === "img" || frame.tag === "iframe") && !frame.attribs.src,
};

/** Rich text from the editor, reduced to the allowlist above before it is stored. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, options);
}
