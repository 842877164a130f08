// The 'Confirm Cancellation' dialog (the refund rule: docs/decisions/0006) on the parent's dashboard once
// JavaScript runs: the same refund summary as the page section of parent-cancel-confirmation.tsx.
import { Button, Group, Modal } from '@mantine/core'
import { type CancellableNight, RefundSummary } from './parent-cancel-confirmation'
import { useTranslation } from 'react-i18next'

/** The dialog (with JavaScript). */
export function CancelNightDialog({
  night,
  nurseName,
  opened,
  onClose,
  onConfirm,
}: {
  night: CancellableNight
  nurseName: string
  opened: boolean
  onClose: () => void
  onConfirm: () => void
}) {
  const { t } = useTranslation('parent')
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cancel.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <RefundSummary night={night} nurseName={nurseName} />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('cancel.keep')}
        </Button>
        <Button color="red.9" onClick={onConfirm}>
          {t('cancel.confirm')}
        </Button>
      </Group>
    </Modal>
  )
}
