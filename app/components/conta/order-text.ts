import { formatCep } from "../../../common/brazil/cep.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";

// An order's copies of a CPF/CNPJ and a CEP as people read them; no UI kit here, so the printed
// declaração (a page without Mantine) shares them with the account screens.

/** "529.982.247-25", or a dash when the order keeps none (an account deleted under the LGPD). */
export const taxIdText = (bare: string) => (bare ? formatTaxId(bare) : "—");

/** "01310-100"; a CEP the order does not keep whole is shown as it is. */
export const cepText = (cep: string) => (/^\d{8}$/.test(cep) ? formatCep(cep) : cep);
