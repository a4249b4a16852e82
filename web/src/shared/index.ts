/** The shared components every page of the web app (portal, admin console) is made of. */
export { Banner, type BannerTone } from './Banner';
export { CursorPager, useCursorPages, type CursorPages } from './CursorPager';
export { LoadFailed } from './LoadFailed';
export { PasswordSignIn } from './PasswordSignIn';
export { Button, type ButtonVariant } from './Button';
export { ConfirmDialog, Dialog } from './Dialog';
export { CopyButton } from './CopyButton';
export { DateTime, utcText } from './DateTime';
export { CallsChart, CategoryChart, DailyChart } from './LazyCharts';
export type { CategoryPoint, DailyPoint, Series } from './charts';
export { Field } from './Field';
export { Table, type Column } from './Table';
export { check, errorText, formErrors, problemsOf, useFieldProblems, type FieldProblems, type FormErrors } from './forms';
export { formatCents, formatCentsShort, formatDay, formatInteger, formatMonth, formatUsd } from './format';
export { saveFile, useDownload } from './download';
export { useCopy } from './useCopy';
export { useSearchParam, type SearchParam } from './useSearchParam';
export { useTitle } from './useTitle';
