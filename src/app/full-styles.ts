// Mantine's full stylesheet (as cascade layers, so app CSS always wins): feature pages may use
// any Mantine component without listing its CSS. Loaded with every page but the sign-in pages
// and the signed-in home, which list theirs (shell-styles.ts, layouts/dashboard-styles.ts).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
