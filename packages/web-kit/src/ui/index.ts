// Styles: ui.css, which the shell's entry loads once for every app (see the README).
export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps } from './button';
export { Avatar, Badge, Card, Descriptions, Flex, Grid, Statistic, Tag } from './containers';
export { Alert, Progress, Rate, RateInput, Result, Skeleton, Spinner } from './feedback';
export {
  Checkbox,
  Field,
  fieldHelpId,
  Input,
  PasswordInput,
  SearchInput,
  Select,
  TextArea,
  type InputProps,
  type SearchInputProps,
  type SelectProps,
  type TextAreaProps,
} from './form';
export * from './icons';
export { RadioGroup } from './radio-group';
export { Table, type TableColumn } from './table';
export { Tabs } from './tabs';
export { Paragraph, Text, Title } from './typography';
export { useHydrated } from './use-hydrated';
export { useZodForm } from './use-zod-form';
