/** The flash message's cookie: set by a page action's redirect, read and cleared by the next page. */
export const FLASH_COOKIE = "cms_flash";
