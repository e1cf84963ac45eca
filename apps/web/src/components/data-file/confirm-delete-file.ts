// The confirmation of spec 01 §5 before a file is deleted, then 删除成功!.
import { FileMessages } from '@labstat/contracts';
import { ui } from '../../lib/ui-bridge';

export function confirmDeleteFile(remove: () => Promise<unknown>): void {
  ui.modal?.confirm({
    title: '提示',
    content: FileMessages.deleteConfirm,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: { danger: true },
    async onOk() {
      await remove();
      ui.message?.success(FileMessages.deleted);
    },
  });
}
