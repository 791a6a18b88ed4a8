import './ui.css';

export { Button, type ButtonProps } from './button';
export { Avatar, Card, Descriptions, Flex, Tag } from './containers';
export { Alert, Rate, RateInput, Result, Skeleton, Spinner } from './feedback';
export {
  Checkbox,
  Field,
  fieldHelpId,
  Input,
  PasswordInput,
  Select,
  TextArea,
  type InputProps,
  type SelectProps,
  type TextAreaProps,
} from './form';
export * from './icons';
export { Tabs } from './tabs';
export { Paragraph, Text, Title } from './typography';
export { useZodForm } from './use-zod-form';
