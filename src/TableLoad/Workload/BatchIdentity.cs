using System.Globalization;

namespace TableLoad.Workload;

/// <summary>What identifies a batch's entities in the table: its partition, RowKey stem and nonce.</summary>
internal readonly record struct BatchIdentity(string PartitionKey, string RowKeyStem, string Nonce)
{
    public string RowKey(int index) => RowKeyStem + index.ToString("D3", CultureInfo.InvariantCulture);
}
