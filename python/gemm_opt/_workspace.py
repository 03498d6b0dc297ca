# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Split-K workspaces from torch's caching allocator.

A split_k or stream_k kernel's blocks meet in a workspace: tile counters,
then f32 partial sums. The counters must be zero when a launch starts, and
every launch leaves them zero. So one workspace per device and stream,
zeroed once, serves every such launch there: its counter region is as large
as the largest launch's counters (the C++ side places the partial sums past
it, jit/LaunchWorkspace.h), so no launch's partial sums land on another's
counters, and no call needs a memset. It grows (a new, zeroed one) when a
launch needs more.

CUDA graphs: torch.cuda.graph captures on a stream of its own, which gets a
workspace of its own from the graph's memory pool. A workspace that a
capture has used is never handed back to the allocator, since the graph
reads it at every replay. Outside a capture, workspaces are allocated by a
thread of their own, on a side stream, which keeps them out of any graph's
pool: torch.compile's CUDA graphs (mode="reduce-overhead") route the
allocations of the calling thread into the graph's pool while they warm up,
and refuse a live allocation there that is not an output.
"""

import threading


def _round_up(value, alignment):
    return (value + alignment - 1) // alignment * alignment


class _Workspace:
    __slots__ = ("tensor", "pointer", "counter_bytes", "bytes", "captured")

    def __init__(self, torch, device, counter_bytes, partial_bytes):
        self.counter_bytes = counter_bytes
        self.bytes = counter_bytes + partial_bytes
        self.tensor = torch.empty(self.bytes, dtype=torch.uint8, device=device)
        # Only the counters need a value.
        self.tensor[:counter_bytes].zero_()
        self.pointer = self.tensor.data_ptr()
        self.captured = False

    def fits(self, counter_bytes, partial_bytes):
        return (
            counter_bytes <= self.counter_bytes
            and self.counter_bytes + partial_bytes <= self.bytes
        )


class WorkspaceProvider:
    """Called by the extension: (device, stream, counter_bytes,
    partial_bytes) -> (pointer, bytes, counter_region_bytes)."""

    #: Alignment of the counter region (jit/LaunchWorkspace.h).
    ALIGNMENT = 256
    #: The smallest counter region: 1024 tile counters.
    MIN_COUNTER_BYTES = 4096

    def __init__(self, torch):
        self._torch = torch
        self._workspaces = {}
        self._kept = []  # Replaced workspaces a CUDA graph may still read.
        self._side_streams = {}  # By device: where workspaces are allocated.

    def __call__(self, device, stream, counter_bytes, partial_bytes):
        torch = self._torch
        key = (device, stream)
        workspace = self._workspaces.get(key)
        capturing = torch.cuda.is_current_stream_capturing()
        if workspace is None or not workspace.fits(counter_bytes, partial_bytes):
            workspace = self._grow(key, workspace, counter_bytes, partial_bytes)
        if capturing:
            workspace.captured = True
        return workspace.pointer, workspace.bytes, workspace.counter_bytes

    def _grow(self, key, old, counter_bytes, partial_bytes):
        torch = self._torch
        device, stream = key
        # Room for more counters, so that a model's shapes settle on one
        # workspace; the partial sums, which may be large, as needed.
        counters = max(counter_bytes, self.MIN_COUNTER_BYTES)
        partials = partial_bytes
        if old is not None:
            counters = max(counters, 2 * old.counter_bytes)
            partials = max(partials, old.bytes - old.counter_bytes)
            if old.captured:
                self._kept.append(old.tensor)
        counters = _round_up(counters, self.ALIGNMENT)
        target = torch.device("cuda", device)
        launch_stream = torch.cuda.current_stream(target)
        if stream != launch_stream.cuda_stream:
            launch_stream = torch.cuda.ExternalStream(stream, device=target)
        if torch.cuda.is_current_stream_capturing():
            # From the capture's pool, on its stream (kept, see above).
            with torch.cuda.stream(launch_stream):
                workspace = _Workspace(torch, target, counters, partials)
        else:
            side = self._side_streams.get(device)
            if side is None:
                side = self._side_streams[device] = torch.cuda.Stream(target)
            side.wait_stream(launch_stream)
            made = []

            def allocate():
                try:
                    with torch.cuda.device(target), torch.cuda.stream(side):
                        made.append(_Workspace(torch, target, counters, partials))
                except BaseException as error:  # Raised again by the caller.
                    made.append(error)

            worker = threading.Thread(target=allocate, name="gemm_opt workspace")
            worker.start()
            worker.join()
            if isinstance(made[0], BaseException):
                raise made[0]
            workspace = made[0]
            launch_stream.wait_stream(side)
            # Freed (when it grows) only after the launches that used it.
            workspace.tensor.record_stream(launch_stream)
        self._workspaces[key] = workspace
        return workspace
