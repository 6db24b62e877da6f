export const featureKeys = ["posts", "events", "medias", "shop"] as const;
export type FeatureKey = (typeof featureKeys)[number];

export type Feature = { title: string; url: string; enabled: boolean };
export type Features = Record<FeatureKey, Feature>;

/** Every feature starts switched off after the first-time setup. */
export const defaultFeatures: Features = {
  posts: { title: "Notícias", url: "/noticias", enabled: false },
  events: { title: "Agenda", url: "/agenda", enabled: false },
  medias: { title: "Biblioteca", url: "/biblioteca", enabled: false },
  shop: { title: "Loja", url: "/loja", enabled: false },
};
