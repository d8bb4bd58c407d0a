/** The launcher's icons (SVG paths in a 24×24 box), drawn by the loader and by the full widget. */
export const LAUNCHER_ICONS = {
  open: 'M12 3C6.5 3 2 6.6 2 11c0 2.1 1 4 2.7 5.4L4 21l4.4-2.2c1.1.3 2.3.5 3.6.5 5.5 0 10-3.6 10-8S17.5 3 12 3z',
  close:
    'M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z',
} as const;
