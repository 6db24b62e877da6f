/** A calendar day as the server sends it, "2026-12-31", as Brazilians write it: "31/12/2026". */
export const dayText = (day: string) => day.split("-").reverse().join("/");
