// A file field, the application's reusable dropzone. Before JavaScript it is a plain
// <input type="file"> that the form posts; once hydrated a drop area sits on top and puts the
// dropped file into that same input, so the form and the server see one thing either way.
import { Alert, Group, Input, Stack, Text } from '@mantine/core'
import { Dropzone, type FileRejection } from '@mantine/dropzone'
import { useId, useRef, useState } from 'react'
import {
  fileSizeMessage,
  invalidFileTypeMessage,
  tooManyFilesMessage,
  UPLOAD_RULES,
  type UploadKind,
} from '~/domain/nurses/onboarding'
import { useTranslation } from 'react-i18next'
import { useServerMessage } from '~/i18n/messages'
import { useHydrated } from './use-hydrated'

const MAX_FILES = 1

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const

function rejectionMessage(rejections: FileRejection[], kind: UploadKind): string {
  const rules = UPLOAD_RULES[kind]
  if (rejections.length > MAX_FILES) return tooManyFilesMessage(MAX_FILES)
  const code = rejections[0]?.errors[0]?.code
  if (code === 'file-too-large') return fileSizeMessage(rules.maxMb)
  if (code === 'too-many-files') return tooManyFilesMessage(MAX_FILES)
  return invalidFileTypeMessage(rules.extensions)
}

export function FileDropzone({
  name,
  kind,
  label,
  description,
  uploaded,
  error,
  required,
}: {
  name: string
  kind: UploadKind
  label: string
  description?: string
  /** A file is already stored for this field. */
  uploaded: boolean
  error?: string
  required?: boolean
}) {
  const hydrated = useHydrated()
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const rules = UPLOAD_RULES[kind]
  const accept = [...rules.mediaTypes, ...rules.extensions].join(',')
  const { t } = useTranslation()
  const say = useServerMessage()
  const hint = t('dropzone.hint', { extensions: rules.extensions.join(', '), maxMb: rules.maxMb, count: MAX_FILES })

  function choose(file: File | undefined) {
    setProblem(null)
    setChosen(file?.name ?? null)
  }

  function onDrop(dropped: File[]) {
    const input = inputRef.current
    if (!input) return
    const transfer = new DataTransfer()
    for (const file of dropped.slice(0, MAX_FILES)) transfer.items.add(file)
    input.files = transfer.files
    choose(dropped[0])
  }

  return (
    <Input.Wrapper
      label={label}
      description={description ?? hint}
      error={error ? say(error) : error}
      required={required}
      labelProps={{ htmlFor: inputId }}
    >
      <Stack gap={6} mt={6}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name={name}
          accept={accept}
          aria-invalid={error ? true : undefined}
          // Once the drop area is shown, the input stays in the form (it carries the file) but out of sight.
          style={hydrated ? VISUALLY_HIDDEN : undefined}
          tabIndex={hydrated ? -1 : undefined}
          onChange={(event) => choose(event.currentTarget.files?.[0])}
        />
        {hydrated && (
          <Dropzone
            onDrop={onDrop}
            onReject={(rejections) => setProblem(rejectionMessage(rejections, kind))}
            accept={[...rules.mediaTypes]}
            maxSize={rules.maxMb * 1024 * 1024}
            maxFiles={MAX_FILES}
            multiple={false}
            aria-label={t('dropzone.areaLabel', { label })}
            inputProps={{ 'aria-label': label }}
            p="md"
          >
            <Stack gap={2} align="center" style={{ pointerEvents: 'none' }}>
              <Text fw={500} ta="center">
                {t('dropzone.drag')}
              </Text>
              <Text fz="sm" c="dimmed" ta="center">
                {t('dropzone.accepted', { extensions: rules.extensions.join(', '), count: MAX_FILES })}
              </Text>
            </Stack>
          </Dropzone>
        )}
        {chosen && (
          <Text fz="sm" role="status">
            {t('dropzone.selected', { name: chosen })}
          </Text>
        )}
        {uploaded && !chosen && (
          <Group gap={4}>
            <Text fz="sm" c="teal.9" fw={600}>
              {t('dropzone.uploaded')}
            </Text>
          </Group>
        )}
        {problem && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel={t('dropzone.clearError')}
            onClose={() => setProblem(null)}
          >
            {say(problem)}
          </Alert>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
