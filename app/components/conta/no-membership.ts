/** What 'Minha associação' and the card say to a person whose account no member's entry is linked to. */
export const NO_MEMBERSHIP_NOTE =
  "Sua conta não está ligada a nenhum cadastro de associado. Se você é associado da cooperativa, peça à " +
  "administração que use no seu cadastro o mesmo e-mail desta conta.";
