// Every /_api call, handed to its module in app/api/ (calls.server.ts says why it is one route).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { answerApiCall } from '~/api/calls.server'

export const loader = (args: LoaderFunctionArgs) => answerApiCall(args, 'loader')
export const action = (args: ActionFunctionArgs) => answerApiCall(args, 'action')
