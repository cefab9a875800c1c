// The Mantine CSS of the dashboard frame, its header menus and the home, on top of the shell's
// (src/app/shell-styles.ts): the signed-in home paints without the full stylesheet (~35 kB gzip,
// and a style recalculation over all of it). Every other page loads the full stylesheet with
// its code (`page()` in src/app/router.tsx). A component used by the frame or the home needs its
// file listed here.
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
