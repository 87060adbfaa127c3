export { AppearanceConstraintPicker, DatePicker, ImagePicker, PhoneNumbersInput } from './LocalPickers';
export * from './pickers';
export { type PickerOption, RemotePicker } from './RemotePicker';
export { SEARCH_DEBOUNCE_MS, useDebounced } from './useDebounced';
