/**
 * Light / dark theme. Until the person picks one, the page follows the system (prefers-color-scheme);
 * a pick is kept in localStorage. Shared state: one preference for the whole window.
 */
import { computed, ref } from 'vue'
import {
  alertDark,
  badgeDark,
  buttonDark,
  cardDark,
  checkboxDark,
  codeDark,
  collapseDark,
  commonDark,
  dataTableDark,
  descriptionsDark,
  dialogDark,
  drawerDark,
  dropdownDark,
  dynamicInputDark,
  emptyDark,
  formDark,
  inputDark,
  inputNumberDark,
  layoutDark,
  menuDark,
  messageDark,
  modalDark,
  notificationDark,
  popconfirmDark,
  popoverDark,
  progressDark,
  radioDark,
  resultDark,
  selectDark,
  spaceDark,
  spinDark,
  statisticDark,
  switchDark,
  tabsDark,
  tagDark,
  tooltipDark,
  treeDark,
  typographyDark,
  type GlobalTheme
} from 'naive-ui'
// naive-ui's index does not re-export skeletonDark; this is the module its own darkTheme imports.
import { skeletonDark } from 'naive-ui/es/skeleton/styles'

/**
 * Naive UI's dark theme, reduced to the components this app uses. Importing `darkTheme` would pull
 * every component's dark styles into the bundle. A component missing here falls back to its light
 * styles on dark colours: tests/unit/theme-coverage.test.ts fails when a used component is missing.
 * Peers (the select menu inside Select, the scrollbar inside Modal, ...) come with each theme.
 * `name` stays 'dark': Naive UI keys its style cache by theme name.
 */
export const naiveDarkTheme: GlobalTheme = {
  name: 'dark',
  common: commonDark,
  Alert: alertDark,
  Badge: badgeDark,
  Button: buttonDark,
  Card: cardDark,
  Checkbox: checkboxDark,
  Code: codeDark,
  Collapse: collapseDark,
  DataTable: dataTableDark,
  Descriptions: descriptionsDark,
  Dialog: dialogDark,
  Drawer: drawerDark,
  Dropdown: dropdownDark,
  DynamicInput: dynamicInputDark,
  Empty: emptyDark,
  Form: formDark,
  Input: inputDark,
  InputNumber: inputNumberDark,
  Layout: layoutDark,
  Menu: menuDark,
  Message: messageDark,
  Modal: modalDark,
  Notification: notificationDark,
  Popconfirm: popconfirmDark,
  Popover: popoverDark,
  Progress: progressDark,
  Radio: radioDark,
  Result: resultDark,
  Select: selectDark,
  Space: spaceDark,
  Skeleton: skeletonDark,
  Spin: spinDark,
  Statistic: statisticDark,
  Switch: switchDark,
  Tabs: tabsDark,
  Tag: tagDark,
  Tooltip: tooltipDark,
  Tree: treeDark,
  Typography: typographyDark
}

export type ThemePreference = 'system' | 'light' | 'dark'

const STORAGE_KEY = 'companion.theme'

function readPreference(): ThemePreference {
  const v = localStorage.getItem(STORAGE_KEY)
  return v === 'light' || v === 'dark' ? v : 'system'
}

const media = window.matchMedia('(prefers-color-scheme: dark)')
const systemDark = ref(media.matches)
media.addEventListener('change', (e) => (systemDark.value = e.matches))

const preference = ref<ThemePreference>(readPreference())

const isDark = computed(() => (preference.value === 'system' ? systemDark.value : preference.value === 'dark'))

export function useTheme() {
  return {
    preference: computed(() => preference.value),
    isDark,
    /** For NConfigProvider: null is Naive UI's light theme. */
    naiveTheme: computed<GlobalTheme | null>(() => (isDark.value ? naiveDarkTheme : null)),
    setPreference(p: ThemePreference) {
      preference.value = p
      if (p === 'system') localStorage.removeItem(STORAGE_KEY)
      else localStorage.setItem(STORAGE_KEY, p)
    }
  }
}
