"""The word network: three 1-D convolutions (ReLU; the second with stride 2) over the point features,
one bidirectional GRU layer, and a linear layer to log-probabilities over CTC's blank + ALPHABET."""
import torch
import torch.nn as nn
from quill_research.handwriting.words.features import FEATURES

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'-"
CONV = [(FEATURES, 64, 5, 1), (64, 128, 5, 2), (128, 128, 5, 1)]  # in, out, kernel, stride
HIDDEN = 96


class WordNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv1d(i, o, k, stride=s, padding=k // 2) for i, o, k, s in CONV])
        self.gru = nn.GRU(CONV[-1][1], HIDDEN, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * HIDDEN, len(ALPHABET) + 1)

    @staticmethod
    def out_length(n):
        for _, _, k, s in CONV:
            n = (n + 2 * (k // 2) - k) // s + 1
        return n

    def forward(self, x, lengths):
        """x: (batch, n, FEATURES) padded with zeros; lengths: (batch,). Returns (batch, t, classes) log-probs, t lengths."""
        h = x.transpose(1, 2)
        lens = torch.as_tensor(lengths)
        for conv, (_, _, k, s) in zip(self.convs, CONV):
            h = torch.relu(conv(h))
            lens = (lens + 2 * (k // 2) - k) // s + 1
            # frames past a sequence's end are zero, as for one sequence alone (Swift)
            mask = torch.arange(h.shape[2])[None, :] < lens[:, None]
            h = h * mask[:, None, :].to(h.dtype)
        h = h.transpose(1, 2)
        olens = lens
        # zero the frames past each sequence's end (as Swift sees no padding), then pack for the GRU
        packed = nn.utils.rnn.pack_padded_sequence(h, olens, batch_first=True, enforce_sorted=False)
        g, _ = self.gru(packed)
        g, _ = nn.utils.rnn.pad_packed_sequence(g, batch_first=True)
        return torch.log_softmax(self.out(g), -1), olens
