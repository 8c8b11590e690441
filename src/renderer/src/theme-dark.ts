/**
 * Naive UI's dark theme for this app, in a module of its own: theme.ts imports it only when the page is or
 * turns dark, so a light page never downloads the dark styles.
 */
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
  iconDark,
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
  Icon: iconDark,
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
