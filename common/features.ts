import { sitePaths } from "./site-paths.ts";
export const featureKeys = ["posts", "events", "medias", "shop", "members"] as const;
export type FeatureKey = (typeof featureKeys)[number];

export type Feature = { title: string; url: string; enabled: boolean };
export type Features = Record<FeatureKey, Feature>;

/** Every feature starts switched off after the first-time setup. */
export const defaultFeatures: Features = {
  posts: { title: "Notícias", url: sitePaths.posts, enabled: false },
  events: { title: "Agenda", url: sitePaths.events, enabled: false },
  medias: { title: "Biblioteca", url: sitePaths.medias, enabled: false },
  shop: { title: "Loja", url: sitePaths.shop, enabled: false },
  members: { title: "Associe-se", url: sitePaths.join, enabled: false },
};
