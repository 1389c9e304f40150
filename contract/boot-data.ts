// Plain constants, no zod: the app's first load imports them without pulling the schemas of contract/users.ts.

/** The id of the `<script type="application/json">` element the server injects the boot data into. */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';
