import { BrandWhatsappIcon } from "./icons.tsx";
import { buttonClass, ui } from "./ui/ui.tsx";

/** "Fale conosco pelo WhatsApp": a chat with the shop (common/whatsapp.ts builds `href`), in a new tab. */
export function WhatsappLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass("outline")}>
      <BrandWhatsappIcon size={20} />
      Fale conosco pelo WhatsApp
      <span className={ui.visuallyHidden}> (abre em outra aba)</span>
    </a>
  );
}
