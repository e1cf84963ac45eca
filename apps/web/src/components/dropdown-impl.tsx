// antd's Dropdown as the default export of its own module, for LazyDropdown's import() (the
// dropdown and menu code then loads on the first click of a trigger, not with every page).
export { Dropdown as default } from 'antd';
