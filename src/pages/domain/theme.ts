export const THEME_PRESETS = {
  classic: 'Classic',
  midnight: 'Midnight',
  sunrise: 'Sunrise',
  forest: 'Forest',
  mono: 'Mono',
} as const;
export type ThemePresetKey = keyof typeof THEME_PRESETS;
export const DEFAULT_THEME: ThemePresetKey = 'classic';

export const isThemePreset = (key: string): key is ThemePresetKey => Object.hasOwn(THEME_PRESETS, key);
