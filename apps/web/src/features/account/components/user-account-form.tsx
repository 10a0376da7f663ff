import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  NATURES,
  TITLES,
  USER_PERIMETER_FIELD_NAMES,
  UserFormSchema,
  canUser,
  isIndividualNature,
  roleOptions,
  userAbilities,
  type ConnectedUser,
  type UserDetail,
  type UserForm,
  type UserPerimeterField,
} from '@voirie/domain';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { failureText } from '../../../api';
import { showToast, textFieldProps } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { createUser, saveUser, USER_KEY, type PerimeterOption } from '../api/user-account-api';
import {
  PERIMETER_PICKERS,
  USER_FORM_LABELS as L,
  userFormDefaults,
  userPayload,
  type UserFormValues,
} from '../model/user-form';
import { AvatarUpload } from './avatar-upload';
import { PerimeterField } from './perimeter-field';
import { RoleCheckboxes } from './role-checkboxes';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={props.title} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {props.children}
      </Box>
    </Box>
  );
}

type TextName = Exclude<
  FieldPath<UserFormValues>,
  | 'nature'
  | 'title'
  | 'roles'
  | 'isCorporation'
  | 'id'
  | UserPerimeterField
  | `${UserPerimeterField}.${number}`
  | `roles.${number}`
>;

/** The chosen perimeters of each kind, named (the form keeps their ids). */
function perimetersOf(user: UserDetail | null): Record<UserPerimeterField, PerimeterOption[]> {
  const byField = {} as Record<UserPerimeterField, PerimeterOption[]>;
  for (const field of USER_PERIMETER_FIELD_NAMES) {
    const ids = new Set(user?.[field] ?? []);
    byField[field] = (user?.perimeters ?? [])
      .filter((link) => ids.has(link.id) && PERIMETER_PICKERS[field].types.includes(link.type))
      .map(({ id, libelle, type }) => ({ id, libelle, type }));
  }
  return byField;
}

/**
 * The account form (docs/screens.md "Account", docs/data-model.md "Entities", docs/validation.md
 * "User form"): every field of a user with the domain's validation and maximum lengths
 * (UserFormSchema), the avatar, the roles and perimeters as the domain's rules enable them;
 * read-only for a viewer who may not edit. `user` null: the NewUser screen.
 */
export function UserAccountForm(props: { user: UserDetail | null; viewer: ConnectedUser }) {
  const { user, viewer } = props;
  const isCreation = user === null;
  const abilities = user?.abilities ?? userAbilities(viewer, null);
  const readOnly = !abilities.edit;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, reset, setValue, formState } = useForm<
    UserFormValues,
    unknown,
    UserForm
  >({ resolver: zodResolver(UserFormSchema), defaultValues: userFormDefaults(user) });
  const [perimeters, setPerimeters] = useState(() => perimetersOf(user));
  const errors = formState.errors;
  const nature = useWatch({ control, name: 'nature' });
  const roles = useWatch({ control, name: 'roles' }) ?? [];
  const options = roleOptions({ editor: viewer, targetRoles: user?.roles ?? [], isCreation });

  const mutation = useMutation({
    mutationFn: (values: UserForm) =>
      isCreation
        ? createUser(userPayload(values, abilities))
        : saveUser(String(user.id), userPayload(values, abilities)),
    onSuccess: async (answer) => {
      showToast(answer.message, 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_KEY }),
        queryClient.invalidateQueries({ queryKey: ['stduser'] }),
        answer.data.id === viewer.id
          ? queryClient.invalidateQueries({ queryKey: connectedUserQueryOptions().queryKey })
          : Promise.resolve(),
      ]);
      if (isCreation) void navigate({ to: '/users/$id', params: { id: answer.data.publicId } });
      else {
        // Territories asked of an administrator are not the account's yet: the pickers show the saved ones.
        reset(userFormDefaults(answer.data));
        setPerimeters(perimetersOf(answer.data));
      }
    },
  });
  const submit = handleSubmit((values) => mutation.mutate(values));

  const text = (
    name: TextName,
    label: string,
    options: {
      required?: boolean;
      type?: string;
      hint?: string;
      inputMode?: 'numeric' | 'tel';
      autoComplete?: string;
    } = {},
  ) => {
    const props = textFieldProps(register(name), errors[name]);
    return (
      <TextField
        id={`user-${name}`}
        label={label}
        required={options.required}
        type={options.type}
        autoComplete={options.autoComplete ?? 'off'}
        disabled={readOnly}
        fullWidth
        {...props}
        helperText={props.helperText ?? options.hint}
        slotProps={{ htmlInput: options.inputMode ? { inputMode: options.inputMode } : {} }}
      />
    );
  };
  const select = (
    name: 'nature' | 'title' | 'corporationAgentTitle',
    label: string,
    values: readonly string[],
    required = false,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={`user-${name}`}
          label={label}
          required={required}
          disabled={readOnly}
          fullWidth
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value || (name === 'nature' ? '' : null))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {!required ? <MenuItem value="">{L.none}</MenuItem> : null}
          {values.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const individual = isIndividualNature(nature);
  // The « Fonction » is the signatory's: shown for the accounts that may sign, or that have one.
  const signsActs = canUser({ roles }, 'instructRequests') || Boolean(user?.jobTitle);
  const shownPickers = USER_PERIMETER_FIELD_NAMES.filter(
    (field) => roles.includes(PERIMETER_PICKERS[field].role) || perimeters[field].length > 0,
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={isCreation ? 'Nouvel utilisateur' : `Compte de ${user.email}`}
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'grid', gap: 3, maxWidth: 960 }}
    >
      {readOnly && !isCreation ? <Alert severity="info">{L.readOnly}</Alert> : null}
      {user && !user.isActive ? <Alert severity="warning">{L.disabled}</Alert> : null}
      {user?.pendingEmail ? <Alert severity="info">{L.pendingEmail(user.pendingEmail)}</Alert> : null}
      {user?.perimeterRequest && !abilities.decidePerimeterRequest ? (
        <Alert severity="info">{L.perimeterRequestPending(user.perimeterRequest)}</Alert>
      ) : null}
      {mutation.isError ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {failureText(mutation.error)}
        </Alert>
      ) : null}
      {user ? <AvatarUpload user={user} editable={abilities.edit} /> : null}
      <Section title={L.identity}>
        {select('nature', L.nature, NATURES, true)}
        {select('title', L.title, TITLES)}
        {text('lastName', L.lastName, { required: individual, autoComplete: 'family-name' })}
        {text('firstName', L.firstName, { required: individual, autoComplete: 'given-name' })}
        {signsActs
          ? text('jobTitle', L.jobTitle, { hint: L.jobTitleHint, autoComplete: 'organization-title' })
          : null}
      </Section>
      <Section title={L.contact}>
        {text('email', L.email, { required: true, type: 'email', autoComplete: 'email' })}
        {text('phoneIndicative', L.phoneIndicative, { inputMode: 'tel' })}
        {text('phone', L.phone, { required: true, type: 'tel', hint: L.phoneHint, autoComplete: 'tel' })}
      </Section>
      <Section title={L.corporation}>
        <Controller
          control={control}
          name="isCorporation"
          render={({ field }) => (
            <FormControlLabel
              label={L.isCorporation}
              disabled={readOnly}
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
            />
          )}
        />
        {text('corporationName', L.corporationName)}
        {text('corporationSiret', L.corporationSiret, { inputMode: 'numeric' })}
        {select('corporationAgentTitle', L.corporationAgentTitle, TITLES)}
        {text('corporationAgent', L.corporationAgent)}
      </Section>
      <Section title={L.address}>
        {text('addressNum', L.addressNum, { inputMode: 'numeric' })}
        {text('addressExt', L.addressExt)}
        {text('addressType', L.addressType)}
        {text('addressName', L.addressName)}
        {text('place', L.place)}
        {text('addressPostalCode', L.addressPostalCode, {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
        })}
        {text('addressCity', L.addressCity)}
        {text('country', L.country, { autoComplete: 'country-name' })}
      </Section>
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <RoleCheckboxes
            options={readOnly ? options.map((option) => ({ ...option, enabled: false })) : options}
            value={field.value ?? []}
            onChange={field.onChange}
          />
        )}
      />
      {shownPickers.length > 0 ? (
        <Section title={L.perimeters}>
          {shownPickers.map((field) => (
            <PerimeterField
              key={field}
              legend={PERIMETER_PICKERS[field].legend}
              types={PERIMETER_PICKERS[field].types}
              value={perimeters[field]}
              disabled={readOnly || !abilities.perimeterFields.includes(field)}
              hint={
                abilities.askWiderPerimeters && abilities.perimeterFields.includes(field)
                  ? L.widerPerimetersHint
                  : undefined
              }
              error={errors[field]?.message}
              onChange={(value) => {
                setPerimeters((current) => ({ ...current, [field]: value }));
                setValue(
                  field,
                  value.map((perimeter) => perimeter.id),
                  { shouldDirty: true },
                );
              }}
            />
          ))}
        </Section>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2 }}>
        {!readOnly ? (
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {isCreation ? L.create : L.save}
          </Button>
        ) : null}
        <Button type="button" onClick={() => void navigate({ to: '/dossiers' })}>
          {L.cancel}
        </Button>
      </Box>
    </Box>
  );
}
