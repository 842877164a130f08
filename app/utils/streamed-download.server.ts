/**
 * A download written piece by piece as the client reads it (the CSV export of every booking: a
 * million rows never sit in memory, decisions 0022 and 0068). Remix copies a streamed body into the
 * response without waiting for a slow client, so before each next piece the stream asks the server
 * (`roomToWrite` in the load context, from server.js) whether the response has room; where nothing
 * answers (a loader called directly), it reads on.
 */
export function streamedText(pieces: AsyncGenerator<string, unknown, undefined>, context: unknown, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const roomToWrite = (context as { roomToWrite?: () => Promise<void> } | undefined)?.roomToWrite
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          await roomToWrite?.()
          const next = await pieces.next()
          if (next.done) controller.close()
          else controller.enqueue(encoder.encode(next.value))
        } catch (error) {
          // The headers are gone already: the download ends short, and the caller logs why.
          onError(error)
          controller.error(error)
        }
      },
      async cancel() {
        await pieces.return(undefined)
      },
    },
    // One piece ahead at most: the next is produced when the one before has been taken.
    { highWaterMark: 0 },
  )
}
